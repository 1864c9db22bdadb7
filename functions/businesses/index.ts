/** The businesses group's public face: what other groups may use of it. */
export type { Business } from './entities';
export { businessCreation, findAccountBusiness, type NewBusiness } from './business-store';
export { companyRegister, REGISTER_NOT_CONFIGURED, type RegisteredCompany } from './company-register';
