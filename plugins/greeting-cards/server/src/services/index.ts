import mailer from './mailer';
import rendering from './rendering';

// Each service is a factory ({ strapi }) => functions. Register new ones here and reach them with
// getService(strapi, 'name'), which is typed from this object.
export default {
  mailer,
  rendering,
};
