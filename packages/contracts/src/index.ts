export * from './errors.ts';
export * from './constants.ts';
export * from './auth.ts';
export * from './profile.ts';
export * from './credits.ts';
export * from './catalog.ts';
export * from './routes.ts';
export * from './remotes.ts';
