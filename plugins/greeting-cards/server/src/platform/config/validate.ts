import { ConfigError, configSchema, environmentProblems, settingFor, type PluginConfig } from './settings';

/** Throws a ConfigError naming the SERVICE_* setting (and config key) of the first bad value. */
export function validateConfig(config: unknown): PluginConfig {
  const result = configSchema.safeParse(config);
  if (result.success) {
    // Rules across settings; each single value is checked by its own record's schema.
    const problems = environmentProblems(result.data);
    if (problems.length) throw new ConfigError(problems.join('; '));
    if (result.data.billingProfileModel && !result.data.billingProfileUserField) {
      throw new ConfigError('SERVICE_BILLING_PROFILE_USER_FIELD must be set when SERVICE_BILLING_PROFILE_MODEL is');
    }
    return result.data;
  }
  const problems = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const s = settingFor(key);
    const name = s ? `${s.env} (${key})` : key || 'config';
    return `${name} ${issue.message}`;
  });
  throw new ConfigError(problems.join('; '));
}
