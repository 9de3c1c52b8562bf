export const socialKeys = {
  profile: (userId: string) => ['profiles', userId] as const,
};
