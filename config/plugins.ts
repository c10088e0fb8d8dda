import type { Core } from '@strapi/strapi';
import { secret } from '../src/config-helpers/secrets';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  'users-permissions': {
    config: {
      jwtSecret: secret(env, 'JWT_SECRET', 'dev-users-permissions-jwt-secret'),
      jwt: { expiresIn: '7d' },
      // 'legacy-support' (default) or 'refresh' (session-managed access tokens); tests boot both.
      jwtManagement: env('UP_JWT_MANAGEMENT', 'legacy-support'),
      ratelimit: { enabled: env.bool('AUTH_RATE_LIMIT', true) },
    },
  },
  // E-mail through SMTP when SMTP_HOST is set. Without it, nodemailer's stream transport builds each
  // message and the greeting-cards plugin keeps it in a development mailbox (listed at /dev/mailbox/);
  // in production the plugin refuses to send rather than lose mail silently.
  email: {
    config: {
      provider: 'nodemailer',
      providerOptions: env('SMTP_HOST', '')
        ? {
            host: env('SMTP_HOST'),
            port: env.int('SMTP_PORT', 587),
            secure: env.bool('SMTP_SECURE', false),
            ...(env('SMTP_USER', '') ? { auth: { user: env('SMTP_USER'), pass: env('SMTP_PASS', '') } } : {}),
            // No `pool` here: the greeting-cards plugin pools these connections itself
            // (SERVICE_SMTP_POOL_SIZE); a `pool` set here would be kept as it is.
            connectionTimeout: env.int('SMTP_TIMEOUT_MS', 10000),
            greetingTimeout: env.int('SMTP_TIMEOUT_MS', 10000),
          }
        : { streamTransport: true, buffer: true, newline: 'unix' },
      settings: {
        defaultFrom: env('SERVICE_DEFAULT_FROM_EMAIL', 'Greeting Cards <cards@localhost>'),
      },
    },
  },
  // Media (shoppers' photos, card previews, print PDFs) on S3 or an S3-compatible server when
  // UPLOAD_S3_BUCKET is set (@strapi/provider-upload-aws-s3); Strapi's local provider (public/uploads)
  // otherwise. The plugin derives which image URLs designs may use from this config.
  ...(env('UPLOAD_S3_BUCKET', '')
    ? {
        upload: {
          config: {
            provider: 'aws-s3',
            providerOptions: {
              ...(env('UPLOAD_S3_BASE_URL', '') ? { baseUrl: env('UPLOAD_S3_BASE_URL') } : {}),
              s3Options: {
                ...(env('UPLOAD_S3_ENDPOINT', '') ? { endpoint: env('UPLOAD_S3_ENDPOINT') } : {}),
                forcePathStyle: env.bool('UPLOAD_S3_FORCE_PATH_STYLE', false),
                region: env('UPLOAD_S3_REGION', 'us-east-1'),
                credentials: {
                  accessKeyId: env('UPLOAD_S3_ACCESS_KEY_ID', ''),
                  secretAccessKey: env('UPLOAD_S3_SECRET_ACCESS_KEY', ''),
                },
                params: {
                  Bucket: env('UPLOAD_S3_BUCKET'),
                  // Leave unset for buckets with ACLs disabled (AWS's default since 2023).
                  ...(env('UPLOAD_S3_ACL', '') ? { ACL: env('UPLOAD_S3_ACL') } : {}),
                },
              },
            },
          },
        },
      }
    : {}),
  // The product, found by its package name (strapi-plugin-greeting-cards, a workspace here) as in any
  // app that installs it. Every SERVICE_* environment variable is read by the plugin itself;
  // settings given here win over the environment.
  'greeting-cards': {
    enabled: true,
    config: {},
  },
});
