import type { IntegrationRequest } from './entities';

type IntegrationType = IntegrationRequest['type'];

/** What each type of integration needs of its request, on create and before activation. */
interface TypeRules {
  /** `terminal` is required (`optional`: taken when given; `none`: refused). */
  terminal: 'required' | 'optional' | 'none';
  /** `product` (the gift card types asked for) is taken. */
  product: boolean;
  /** `externalId` is required. */
  externalId: boolean;
  /** The operator must configure `terminalId` before activation. */
  terminalIdConfigured: boolean;
}

const ASSET_PROVIDER: TypeRules = { terminal: 'none', product: true, externalId: false, terminalIdConfigured: true };
const TERMINAL_VENDOR: TypeRules = {
  terminal: 'required',
  product: false,
  externalId: false,
  terminalIdConfigured: false,
};
const E_COMMERCE: TypeRules = { terminal: 'none', product: false, externalId: true, terminalIdConfigured: false };

export const TYPE_RULES: Readonly<Record<IntegrationType, TypeRules>> = {
  epay: ASSET_PROVIDER,
  invenco: TERMINAL_VENDOR,
  skyzer: TERMINAL_VENDOR,
  smartpay: TERMINAL_VENDOR,
  verifone: TERMINAL_VENDOR,
  // The one terminal vendor whose requests name no terminal.
  vista: { ...TERMINAL_VENDOR, terminal: 'optional' },
  windcave: TERMINAL_VENDOR,
  shopify: E_COMMERCE,
};

/** Whether a request holds every parameter its type needs to be activated. */
export function hasRequiredParams(
  request: Pick<IntegrationRequest, 'type' | 'terminal' | 'terminalId' | 'externalId'>,
): boolean {
  const rules = TYPE_RULES[request.type];
  return (
    (rules.terminal !== 'required' || request.terminal !== undefined) &&
    (!rules.externalId || request.externalId !== undefined) &&
    (!rules.terminalIdConfigured || request.terminalId !== undefined)
  );
}
