import { badRequest, businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { companyRegister } from './company-register';

/** A company's register details; an NZBN the register does not know is INVALID_NZBN. */
export const getRegisteredCompany = authedOperation(async ({ params }) => {
  if (!/^[0-9]{13}$/.test(params.nzbn)) throw badRequest('nzbn must be 13 digits');
  const company = await companyRegister().find(params.nzbn);
  if (!company) throw businessRule('INVALID_NZBN');
  return company;
});
