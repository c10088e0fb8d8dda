import accountRequest from './account-request/schema';

/** The content types of this area, by name. */
export default {
  'account-request': accountRequest,
};
