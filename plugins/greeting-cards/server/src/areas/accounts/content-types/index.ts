import accountSetting from './account-setting/schema';
import accountConsent from './account-consent/schema';
import emailChange from './email-change/schema';
import accountRequest from './account-request/schema';

/** The content types of this area, by name. */
export default {
  'account-setting': accountSetting,
  'account-consent': accountConsent,
  'email-change': emailChange,
  'account-request': accountRequest,
};
