import { serviceUnavailable } from '../core/errors/classes';
import { fixtureRegister } from './fixture-register';
import type { CompanyRegister } from './register-types';

/** `COMPANY_REGISTER_NOT_CONFIGURED`: a deployed stack names no register, so it answers from none. */
export const REGISTER_NOT_CONFIGURED = 'COMPANY_REGISTER_NOT_CONFIGURED';

const ADAPTERS: Record<string, () => CompanyRegister> = {
  // The register of made-up companies shipped with the project: `npm start` and the tests set it.
  fixture: fixtureRegister,
};

/**
 * The configured register (`COMPANY_REGISTER`). Without one, or with a name no adapter has, every
 * register-backed operation answers 503 rather than pretend: a stack never falls back to the fixture.
 */
export function companyRegister(): CompanyRegister {
  const adapter = ADAPTERS[process.env.COMPANY_REGISTER ?? ''];
  if (!adapter) throw serviceUnavailable(REGISTER_NOT_CONFIGURED);
  return adapter();
}
