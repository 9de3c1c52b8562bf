/** The two pictures of /setupProfile: Background image (a banner) with the Profile image over it. */

import type { ImageDto } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { ImagePicker } from '@/components/image-picker.tsx';
import { AvatarPlaceholder, BackgroundPlaceholder } from './placeholders.tsx';
import styles from './setup-profile-screen.module.css';

interface ProfilePicturesProps {
  profileImage: {
    file: File | null;
    current: ImageDto | null | undefined;
    onChange: (file: File | null) => void;
  };
  backgroundImage: {
    file: File | null;
    current: ImageDto | null | undefined;
    onChange: (file: File | null) => void;
  };
}

export function ProfilePictures({ profileImage, backgroundImage }: ProfilePicturesProps) {
  return (
    <div className={styles.images}>
      <ImagePicker
        label={t`Background image`}
        chooseText={t`Choose background image`}
        changeText={t`Change background image`}
        shape="banner"
        showCaption={false}
        file={backgroundImage.file}
        current={backgroundImage.current}
        onChange={backgroundImage.onChange}
        placeholder={<BackgroundPlaceholder />}
      />
      <div className={styles.avatar}>
        <ImagePicker
          label={t`Profile image`}
          chooseText={t`Choose profile image`}
          changeText={t`Change profile image`}
          shape="circle"
          showCaption={false}
          file={profileImage.file}
          current={profileImage.current}
          onChange={profileImage.onChange}
          placeholder={<AvatarPlaceholder />}
        />
      </div>
    </div>
  );
}
