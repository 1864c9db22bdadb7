import fixture from './register-fixture.json';
import type { CompanyRegister, RegisteredCompany, RegisterSearchItem } from './register-types';

const COMPANIES: readonly RegisteredCompany[] = fixture.companies;

/**
 * How well a company matches a query: an exact NZBN or company number first, then the name equal
 * to it, starting with it, with a word starting with it, containing it. 0: no match.
 */
function relevance(company: RegisterSearchItem, q: string): number {
  const query = q.trim().toUpperCase();
  if (!query) return 0;
  if (company.nzbn === query || company.companyNumber === query) return 5;
  const name = company.companyName.toUpperCase();
  if (name === query) return 4;
  if (name.startsWith(query)) return 3;
  if (name.split(/[\s-]+/).some((word) => word.startsWith(query))) return 2;
  return name.includes(query) ? 1 : 0;
}

/** Most relevant first, then by name: the same query always lists in the same order, so pages hold. */
export function rankCompanies(companies: readonly RegisterSearchItem[], q: string): RegisterSearchItem[] {
  return companies
    .map((company) => ({ company, score: relevance(company, q) }))
    .filter(({ score }) => score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.company.companyName.localeCompare(b.company.companyName) ||
        a.company.nzbn.localeCompare(b.company.nzbn),
    )
    .map(({ company }) => ({
      nzbn: company.nzbn,
      companyName: company.companyName,
      companyNumber: company.companyNumber,
    }));
}

/** The register of made-up companies in register-fixture.json, for the local platform and the tests. */
export function fixtureRegister(): CompanyRegister {
  return {
    search: async (q) => rankCompanies(COMPANIES, q),
    find: async (nzbn) => COMPANIES.find((company) => company.nzbn === nzbn),
  };
}
