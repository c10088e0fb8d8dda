// Test boots only: the bootstrap steps whose result a copy of the run's template database already
// holds, skipped when everything they read is as it was when the template was made.
//
// Each test file boots Strapi on a copy of a template (template-database.js): the schema, and what a
// boot's bootstrap writes, are already there. Three steps of every bootstrap still recompute all of it
// and then, on such a copy, write nothing (checked: a boot on a copy leaves the content-manager's
// configurations and the admin permissions row for row as they were):
// - the content-manager's syncConfigurations (a layout, metadata and settings per content type and
//   component, each validated, compared with its stored row, one query each): measured about 35 % of
//   a boot (1.1 of 3.3 s on a loaded 2-core machine);
// - @strapi/admin's resetSuperAdminPermissions and cleanPermissionsInDatabase (the Super Admin's
//   permission for every action, subject and field, compared with the stored ones; every stored
//   permission checked against the registered actions): about 0.4 s.
// What they read is fingerprinted: for the content-manager, its models of every content type and
// component (what syncConfigurations reads besides the stored rows); for the admin, the registered
// actions and conditions, the content types and components, and the rows of the tables those steps
// write (permissions, roles) and read (locales, through i18n's hook). The template's boot records the
// fingerprints (taken after those steps ran) in Strapi's store; a boot on a copy skips a step when its
// fingerprint, taken when the step would start, is the same. Any difference (a test whose settings
// change a content type or register other actions, a plugin bootstrap that wrote a permission first)
// runs the step as in production. A production boot never loads this file.
//
// GC_BOOT_SHORTCUTS=off runs every step (to compare, or to rule this out).
const crypto = require('crypto');

const ENABLED = process.env.GC_BOOT_SHORTCUTS !== 'off';
// Bumped when what a fingerprint covers changes: a template kept from before is then not trusted.
const VERSION = 1;
const STORE_KEY = { type: 'core', name: 'gc-tests', key: 'template-fingerprints' };

const hash = (value) => crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex');

function contentManagerFingerprint(strapi) {
  const { toContentManagerModel } = strapi.plugin('content-manager').service('data-mapper');
  const models = (all) => Object.entries(all).map(([uid, model]) => [uid, toContentManagerModel(model)]);
  return hash([VERSION, models(strapi.contentTypes), models(strapi.components)]);
}

async function adminFingerprint(strapi) {
  const permissions = strapi.service('admin::permission');
  const rows = async (uid, fields) =>
    (await strapi.db.query(uid).findMany({ select: fields, orderBy: { id: 'asc' } })).map((row) =>
      fields.map((field) => row[field]),
    );
  return hash([
    VERSION,
    permissions.actionProvider.values(),
    permissions.conditionProvider.values().map((condition) => condition.id),
    strapi.contentTypes,
    strapi.components,
    // As arrays: the populated relations come back in either order.
    (
      await strapi.db.query('admin::permission').findMany({
        select: ['id', 'action', 'actionParameters', 'subject', 'properties', 'conditions'],
        populate: { role: { select: ['id'] }, apiToken: { select: ['id'] } },
        orderBy: { id: 'asc' },
      })
    ).map((p) => [
      p.id,
      p.action,
      p.actionParameters,
      p.subject,
      p.properties,
      p.conditions,
      p.role?.id,
      p.apiToken?.id,
    ]),
    await rows('admin::role', ['id', 'code']),
    strapi.plugin('i18n') ? await rows('plugin::i18n.locale', ['id', 'code']) : null,
  ]);
}

/** Replaces obj[name] for one boot; returns what puts it back. */
function replace(obj, name, make) {
  const original = obj[name];
  obj[name] = make(original.bind(obj));
  return () => {
    obj[name] = original;
  };
}

/**
 * For the template's boot (template-database.js): records the fingerprints in the store once the steps
 * have run. Call before instance.load().
 */
function recordTemplateFingerprints(instance) {
  const recorded = {};
  const bootstrap = instance.bootstrap.bind(instance);
  instance.bootstrap = async () => {
    const permissions = instance.service('admin::permission');
    const restore = replace(permissions, 'cleanPermissionsInDatabase', (clean) => async () => {
      await clean();
      recorded.admin = await adminFingerprint(instance);
    });
    try {
      await bootstrap();
    } finally {
      restore();
    }
    recorded.contentManager = contentManagerFingerprint(instance);
    await instance.store.set({ ...STORE_KEY, value: recorded });
    return instance;
  };
}

/**
 * For a test's boot on a copy of a template (tests/helpers/strapi.ts): skips the steps whose
 * fingerprint matches the template's. Call before instance.load(). `onStep` hears each step and whether it was skipped.
 */
function skipWhatTheTemplateHas(instance, onStep = () => undefined) {
  if (!ENABLED) return;
  const bootstrap = instance.bootstrap.bind(instance);
  instance.bootstrap = async () => {
    // Read when first needed: the database opens inside bootstrap().
    let stored;
    const recorded = async () => {
      stored ??= instance.store.get(STORE_KEY).then((value) => value || {});
      return stored;
    };
    const restores = [];
    const contentManager = instance.plugin('content-manager');
    if (contentManager) {
      let sameModels;
      for (const name of ['components', 'content-types']) {
        restores.push(
          replace(contentManager.service(name), 'syncConfigurations', (sync) => async () => {
            sameModels ??= contentManagerFingerprint(instance) === (await recorded()).contentManager;
            onStep(`content-manager ${name} syncConfigurations`, sameModels);
            if (!sameModels) return sync();
          }),
        );
      }
    }
    // @strapi/admin's services are one object for the whole process: replaced for this boot only.
    let samePermissions = false;
    restores.push(
      replace(instance.service('admin::role'), 'resetSuperAdminPermissions', (reset) => async () => {
        samePermissions = (await adminFingerprint(instance)) === (await recorded()).admin;
        onStep('admin resetSuperAdminPermissions', samePermissions);
        if (!samePermissions) return reset();
      }),
      replace(instance.service('admin::permission'), 'cleanPermissionsInDatabase', (clean) => async () => {
        onStep('admin cleanPermissionsInDatabase', samePermissions);
        if (!samePermissions) return clean();
      }),
    );
    try {
      return await bootstrap();
    } finally {
      for (const restore of restores) restore();
    }
  };
}

module.exports = { recordTemplateFingerprints, skipWhatTheTemplateHas };
