// Development falls back to fixed, public secrets so `npm run develop` works with no .env.
// Production must set every secret: starting with a published default would be a security hole.
export function secret(env: any, name: string, devDefault: string): string {
  const value: string = env(name, '');
  if (value) return value;
  if (env('NODE_ENV', 'development') === 'production') {
    throw new Error(`${name} must be set in production (see .env.example)`);
  }
  return devDefault;
}
