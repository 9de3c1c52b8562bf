export * from './app-info.ts';
export * from './dto.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './notification-text.ts';
export * from './routes.ts';
export * from './schemas.ts';
export * from './text-entities.ts';
