/**
 * Real image bytes for upload tests, made by sharp so no binary fixtures live in the repo; the one
 * exception is the HEIC photo below, which nothing on npm can encode.
 */
import sharp from 'sharp';

export async function makeJpeg(width = 800, height = 600): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } },
  })
    .jpeg({ quality: 85 })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
    .toBuffer();
}

/**
 * A phone photo that says where it was taken: EXIF GPS (the GPS IFD, 48°51'29.64"N 2°20'56.16"E,
 * Paris), which upload strips and no place may ever be made from.
 */
export async function makeJpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .jpeg({ quality: 85 })
    .withMetadata({
      exif: {
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 2964/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 20/1 5616/100',
        },
      },
    })
    .toBuffer();
}

/** Whether EXIF bytes point to a GPS IFD (tag 0x8825, either byte order). */
export const exifHasGps = (exif: Buffer | undefined) =>
  Boolean(exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))));

export function imageForm(data: Buffer, purpose: string, filename = 'photo.jpg'): FormData {
  const form = new FormData();
  form.set('purpose', purpose);
  form.set('file', new File([new Uint8Array(data)], filename, { type: 'image/jpeg' }));
  return form;
}

/**
 * A real 728-byte HEIC (HEVC, coded by x265 through the system libheif 1.15) written by
 * `fixtures/make-heic.py` (its header says how): 128×64 pixels stored, rotation `irot` for EXIF
 * orientation 6, so upright it is 64×128 with red at the top left, yellow top right, near black
 * bottom left, green bottom right; its EXIF block holds the Copyright "secret camera owner".
 */
export const heicPhoto = (): Buffer =>
  Buffer.from(
    [
      'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAY1tZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAA',
      'AA5waXRtAAAAAAABAAAANGlsb2MAAAAAREAAAgABAAAAAAGxAAEAAAAAAAAA6QACAAAAAAKaAAEAAAAAAAAAPgAAADhpaW5mAAAA',
      'AAACAAAAFWluZmUCAAAAAAEAAGh2YzEAAAAAFWluZmUCAAABAAIAAEV4aWYAAAAAzGlwcnAAAACtaXBjbwAAAHhodmNDAQNwAAAA',
      'AAAAAAAAHvAA/P34+AAADwMgAAEAGEABDAH//wNwAAADAJAAAAMAAAMAHroCQCEAAQArQgEBA3AAAAMAkAAAAwAAAwAeoBAgQWW6',
      'kkprm4EBAwIAAAMAAgAAAwACECIAAQAHRAHBcrAiQAAAAAlpcm90AwAAABRpc3BlAAAAAAAAAIAAAABAAAAAEHBpeGkAAAAAAwgI',
      'CAAAABdpcG1hAAAAAAAAAAEAAQSBAgOEAAAAGmlyZWYAAAAAAAAADmNkc2MAAgABAAEAAAEvbWRhdAAAAOUoAa8J4OMLnLqvr/8U',
      'X///33H+Q9FDjqCbf/+oegDv5XiG/9H2CYH2lqEfuqZ6yRtDy4E3mukCEMNA9vNJbiavH4upZsmQ2iHeEx2lvq5QdoZrXKIrDrhy',
      'zdI5njaDsVwlo5pNNcSeXl49EdfIQkyJT4bMHTFfKpb52nml7U6YT763a2m2hBzni46UfjlT5o7dSpoFbbYlf/3Q7PHkNL/9ZFRv',
      'C+dDD/Pdu28VtDE1zfVdCnWONQjXK/ElTKh1QzVPmeIzjmK1AmuNzDkJ0mUeTXuU7eLQW8H/8d1Tp9nXiL8EASfwAAAAAE1NACoA',
      'AAAIAAIBEgADAAAAAQAGAACCmAACAAAAFAAAACYAAAAAc2VjcmV0IGNhbWVyYSBvd25lcgA=',
    ].join(''),
    'base64',
  );

/** The HEIC photo with its header (`ispe`) claiming another stored size: a bomb's header, no pixels. */
export function heicClaimingSize(width: number, height: number): Buffer {
  const bytes = heicPhoto();
  const at = bytes.indexOf('ispe', 0, 'latin1') + 8;
  bytes.writeUInt32BE(width, at);
  bytes.writeUInt32BE(height, at + 4);
  return bytes;
}
