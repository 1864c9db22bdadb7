/** A company as the national company register records it. */
export interface RegisteredCompany {
  nzbn: string;
  companyName: string;
  tradingName?: string;
  companyNumber: string;
  directors: { firstName: string; lastName: string; addressLines: string[] }[];
}

export type RegisterSearchItem = Pick<RegisteredCompany, 'nzbn' | 'companyName' | 'companyNumber'>;

/** The company register port: one adapter serves the platform, chosen by configuration. */
export interface CompanyRegister {
  /** Companies matching `q` on name, NZBN or company number, most relevant first. */
  search(q: string): Promise<RegisterSearchItem[]>;
  find(nzbn: string): Promise<RegisteredCompany | undefined>;
}
