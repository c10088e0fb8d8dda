'use strict';
// Strapi loads built JavaScript only: run `npm run build` in this package first.
const built = require('./dist/server/index.js');
module.exports = built.default || built;
