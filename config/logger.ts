import { winston, formats } from '@strapi/logger';

// LOG_LEVEL lets tests and operators quieten Strapi (error, warn, info, http, debug).
const level = process.env.LOG_LEVEL || 'http';

export default {
  transports: [
    new winston.transports.Console({
      level,
      format: winston.format.combine(formats.prettyPrint({ timestamps: 'YYYY-MM-DD HH:mm:ss.SSS' })),
    }),
  ],
};
