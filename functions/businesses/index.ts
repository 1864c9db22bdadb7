/** The businesses group's public face: what other groups may use of it. */
export { businessCreation } from './business-store';
export { companyRegister, REGISTER_NOT_CONFIGURED } from './company-register';
