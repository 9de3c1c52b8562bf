/** Shapes of what the API answers. The server builds them; the client renders them. */
import type { ImagePurpose } from './schemas.ts';

export interface ImageDto {
  id: string;
  /** Largest stored size. */
  url: string;
  /** `url 320w, url 640w, …` for the `srcset` attribute. */
  srcset: string;
  width: number;
  height: number;
  /** Base64 thumbhash, decoded on the client into a blurred placeholder. */
  placeholder: string;
  purpose: ImagePurpose;
}

export interface ProfileDto {
  userId: string;
  firstName: string;
  lastName: string;
  username: string;
  website: string;
  bio: string;
  profileImage: ImageDto | null;
  backgroundImage: ImageDto | null;
  isAdminUser: boolean;
  isVerified: boolean;
  followerCount: number;
  followingCount: number;
  createdAt: string;
}

export interface MeDto {
  user: { id: string; email: string; createdAt: string };
  profile: ProfileDto | null;
}

/** The receipt for stored feedback (POST /api/feedback answers 201 with it). */
export interface FeedbackDto {
  id: string;
  createdAt: string;
}

/** Every error answer of the API has this body. */
export interface ApiErrorBody {
  error: {
    kind: ErrorKind;
    message: string;
    /** Field name → message, for form errors. */
    fields?: Record<string, string>;
  };
}

export type ErrorKind =
  | 'Invalid'
  | 'Unauthenticated'
  | 'Forbidden'
  | 'NotFound'
  | 'Conflict'
  | 'RateLimited'
  | 'TooLarge'
  | 'Internal';
