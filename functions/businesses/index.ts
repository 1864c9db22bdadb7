/** The businesses group's public face: what other groups may use of it. */
export { onboardedAccount, ONBOARDING_REGION } from './onboarded-account';
export { companyRegister, REGISTER_NOT_CONFIGURED } from './company-register';
export { accountTaxNumber } from './account-tax-number';
