import type { Core } from '@strapi/strapi';
import { createRequire } from 'module';
import { isDevelopmentOrTest } from '../../platform/config/settings';
import { blankCanvas } from '../../platform/designs/canvas-data';
import { errorText } from '../../platform/deliveries/delivery-retry';
import { getService } from '../../platform/get-service';
import { emailCheck } from '../../platform/host/email-check';
import { checkResult } from '../../platform/host/check-texts';
import type { HostCheck } from '../../platform/host/types';
import { processBrowser } from '../../platform/providers/renderer/browser-choice';

export type Health = HostCheck;

// Health checks for the settings view. Each has a short deadline so a hung browser or SMTP server
// makes the page say so instead of hanging it.
const RENDER_TIMEOUT_MS = 20_000;
const SMTP_TIMEOUT_MS = 5_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Can the renderer start and draw? A tiny blank preview through the real provider. */
export async function rendererHealth(strapi: Core.Strapi, rendererName: string): Promise<Health> {
  const started = Date.now();
  const renderer = rendererName; // the {renderer} of the check texts
  if (!getService(strapi, 'rendering').drawsHere()) return checkResult(true, 'renderer.web-role', { renderer });
  try {
    const png = await withTimeout(
      getService(strapi, 'rendering').previewPng(blankCanvas(), { width: 64 }),
      RENDER_TIMEOUT_MS,
      'The renderer',
    );
    // Which browser drew it (PUPPETEER_EXECUTABLE_PATH, the system's or the bundled one): the choice
    // the renderer made at its first launch, remembered for the process.
    const browser = rendererName === 'memory' ? 'no browser (a test double)' : (await processBrowser()).description;
    return checkResult(png.length > 0, 'renderer.drew', { renderer, ms: Date.now() - started, browser });
  } catch (error) {
    return checkResult(false, rendererName === 'puppeteer' ? 'renderer.failed-chromium' : 'renderer.failed', {
      renderer,
      error: errorText(error),
    });
  }
}

interface EmailConfig {
  provider?: string;
  providerOptions?: Record<string, unknown>;
}

interface Transport {
  verify(): Promise<unknown>;
  close(): void;
}

/** nodemailer as the email provider itself loads it (the plugin does not depend on it directly). */
function loadNodemailer(): { createTransport(options: Record<string, unknown>): Transport } {
  const fromProvider = createRequire(require.resolve('@strapi/provider-email-nodemailer'));
  return fromProvider('nodemailer');
}

/** Which provider sends e-mail and whether it can: an SMTP handshake (and login) for nodemailer over SMTP. */
export async function emailHealth(strapi: Core.Strapi): Promise<Health> {
  const config = (strapi.config.get('plugin::email') ?? {}) as EmailConfig;
  const provider = config.provider ?? 'sendmail';
  const options = config.providerOptions ?? {};
  // What the configuration alone says (the same check as the boot warning, with what to change); only
  // nodemailer over SMTP can then be tried for real.
  const configured = emailCheck(config, isDevelopmentOrTest());
  const smtp =
    (provider === 'nodemailer' || provider === '@strapi/provider-email-nodemailer') &&
    !options.streamTransport &&
    options.host;
  if (!configured.ok || !smtp) return configured;
  const where = `${String(options.host ?? '?')}:${String(options.port ?? 587)}`;
  let transport: Transport | null = null;
  try {
    transport = loadNodemailer().createTransport({
      ...options,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    await withTimeout(transport.verify(), SMTP_TIMEOUT_MS + 1000, 'The SMTP server');
    return checkResult(true, 'email.smtp-accepted', { where });
  } catch (error) {
    return checkResult(false, 'email.smtp-failed', { where, error: errorText(error) });
  } finally {
    transport?.close();
  }
}
