// Host glue: gives the users-permissions user the name and phone fields and the profile relation a
// real site would have, plus a billing account, so the greeting-cards plugin's field maps have something to read.
export default (plugin: any) => {
  const attributes = plugin.contentTypes.user.schema.attributes;
  attributes.first_name = { type: 'string' };
  attributes.last_name = { type: 'string' };
  attributes.phone = { type: 'string' };
  attributes.profile = { type: 'relation', relation: 'oneToOne', target: 'api::profile.profile', inversedBy: 'user' };
  // Where a host keeps its own billing details; SERVICE_BILLING_PROFILE_RELATION=billing_account points the plugin at it.
  attributes.billing_account = {
    type: 'relation',
    relation: 'oneToOne',
    target: 'api::billing-account.billing-account',
    inversedBy: 'user',
  };
  return plugin;
};
