import { UID } from '../../platform/uids';

// Who may add pictures to a template's design from the admin panel's designer: an admin whose role may
// create or edit templates in the Content Manager (Strapi's own rights on the template type), the same
// people who can save the design the pictures go into. Strapi's admin::hasPermissions needs every
// action it is given, so "create or update" is checked here.
const TEMPLATE_WRITES = ['plugin::content-manager.explorer.create', 'plugin::content-manager.explorer.update'];

interface Ability {
  can(action: string, subject?: string): boolean;
}

export const TEMPLATE_DESIGNER_POLICY = 'plugin::greeting-cards.template-designer';

export default function templateDesigner(policyContext: { state?: { userAbility?: Ability } }): boolean {
  const ability = policyContext.state?.userAbility;
  return Boolean(ability && TEMPLATE_WRITES.some((action) => ability.can(action, UID.template)));
}
