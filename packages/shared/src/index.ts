export * from './dto.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './routes.ts';
export * from './schemas.ts';
export * from './version.ts';
