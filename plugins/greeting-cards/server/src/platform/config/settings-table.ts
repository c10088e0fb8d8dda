// The README's settings table, made from the setting records (scripts/settings-table.js prints it,
// scripts/update-readme-settings.js writes it into README.md, and a test checks README.md matches).
import { SETTINGS, type NamedSetting } from './settings';
import { isEditable } from './editable-settings';

function show(value: unknown): string {
  if (value === '') return '(empty)';
  if (typeof value === 'object') return '`' + JSON.stringify(value) + '`';
  return '`' + String(value) + '`';
}

function defaultCell(setting: NamedSetting): string {
  const differing = Object.entries(setting.defaultWhen ?? {}).map(
    ([nodeEnv, value]) => `${show(value)} when NODE_ENV=${nodeEnv}`,
  );
  return differing.length ? `${show(setting.default)} (${differing.join(', ')})` : show(setting.default);
}

export function settingsTable(): string {
  const name = (s: NamedSetting) =>
    `\`${s.env}\`` + (s.formerEnv?.length ? ` (formerly ${s.formerEnv.map((n) => `\`${n}\``).join(', ')})` : '');
  // Settings editors may change on the admin settings page say so (the variable, when set, pins them).
  const rows = SETTINGS.map(
    (s) => `| ${name(s)} | ${defaultCell(s)} | ${s.describe}${isEditable(s.key) ? ' *Editable in the admin.*' : ''} |`,
  );
  return ['| Setting | Default | Meaning |', '|---|---|---|', ...rows].join('\n') + '\n';
}
