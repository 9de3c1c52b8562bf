/**
 * Saves the profile: uploads the chosen pictures first, then the fields. A picture that fails to
 * upload is left out and reported (SPEC.md §8: the save continues), never silently dropped.
 */
import type { ImageDto, ProfileDto, ProfileInput } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { authKeys, profileKeys } from '@/lib/query-keys.ts';
import { uploadImage } from '@/lib/upload-image.ts';

export interface SaveProfileVariables {
  fields: Omit<ProfileInput, 'profileImageId' | 'backgroundImageId'>;
  profileImage: File | null;
  backgroundImage: File | null;
}

export interface SaveProfileResult {
  profile: ProfileDto;
  failedImages: ('profile picture' | 'background image')[];
}

async function tryUpload(
  file: File | null,
  purpose: 'profile' | 'background',
): Promise<ImageDto | null | 'failed'> {
  if (!file) return null;
  try {
    return await uploadImage(file, purpose);
  } catch {
    return 'failed';
  }
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      fields,
      profileImage,
      backgroundImage,
    }: SaveProfileVariables): Promise<SaveProfileResult> => {
      const [avatar, background] = await Promise.all([
        tryUpload(profileImage, 'profile'),
        tryUpload(backgroundImage, 'background'),
      ]);
      const input: ProfileInput = {
        ...fields,
        ...(avatar && avatar !== 'failed' && { profileImageId: avatar.id }),
        ...(background && background !== 'failed' && { backgroundImageId: background.id }),
      };
      const profile = await request(api.profile.$put({ json: input }));
      const failedImages: SaveProfileResult['failedImages'] = [];
      if (avatar === 'failed') failedImages.push('profile picture');
      if (background === 'failed') failedImages.push('background image');
      return { profile, failedImages };
    },
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(authKeys.me, (me: { user: unknown } | null | undefined) =>
        me ? { ...me, profile } : me,
      );
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
