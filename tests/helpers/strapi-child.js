// A Strapi instance in a process of its own, for tests that need two or more on one database (two
// cannot boot in one Node process). serveStrapi boots the built app of `appDir`, says "READY <ready>",
// then reads lines from stdin: "STOP" shuts Strapi down (its Chromium with it) and exits; any other line
// goes to `onLine(line, say)`, which answers through `say`. Any boot failure is printed and exits 1.
const { createStrapi } = require('@strapi/strapi');

const fail = (error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
};

/**
 * @param {{
 *   appDir: string,
 *   listen?: boolean,
 *   ready?: (strapi: any) => string,
 *   onLine?: (line: string, say: (text: string) => void, strapi: any) => void,
 * }} options
 */
function serveStrapi({ appDir, listen = false, ready = () => '', onLine = () => undefined }) {
  (async () => {
    const strapi = await createStrapi({
      appDir,
      distDir: `${appDir}/dist`,
      autoReload: false,
      serveAdminPanel: false,
    }).load();
    if (listen) await strapi.listen();
    const say = (text) => process.stdout.write(`${text}\n`);
    say(`READY ${ready(strapi)}`.trimEnd());
    let buffered = '';
    process.stdin.on('data', (chunk) => {
      buffered += String(chunk);
      let newline;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (line === 'STOP') {
          strapi
            .destroy()
            .then(() => process.exit(0))
            .catch(fail);
          return;
        }
        onLine(line, say, strapi);
      }
    });
  })().catch(fail);
}

module.exports = { serveStrapi };
