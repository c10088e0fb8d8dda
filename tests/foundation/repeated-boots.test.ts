import { QUIET_APP, startApp } from '../helpers/strapi';

// A jest process here boots many Strapis and keeps node_modules between them (tests/helpers/
// shared-runtime.js), so state a library keeps at module level outlives each boot. @strapi/admin's role
// service hooks are such state: i18n adds its handlers at every boot, and the n-th boot ran i18n's Super
// Admin rewrite n times (tests/helpers/strapi.ts drops the earlier boots' handlers). Two boots in one
// file: the second must hold one set, as the only boot of a production process does.
describe('foundation: a second boot in one process', () => {
  it("leaves @strapi/admin's role hooks with one boot's handlers", async () => {
    const handlerCounts = async () => {
      const app = await startApp(QUIET_APP);
      try {
        const { hooks } = app.strapi.service('admin::role') as unknown as {
          hooks: Record<string, { getHandlers(): unknown[] }>;
        };
        return Object.fromEntries(Object.entries(hooks).map(([name, hook]) => [name, hook.getHandlers().length]));
      } finally {
        await app.stop();
      }
    };
    const first = await handlerCounts();
    const second = await handlerCounts();
    // i18n registers one handler on each of the two hooks.
    expect(first).toEqual({ willResetSuperAdminPermissions: 1, willValidateUpdatePermissions: 1 });
    expect(second).toEqual(first);
  });
});
