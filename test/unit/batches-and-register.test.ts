import { companyRegister, REGISTER_NOT_CONFIGURED } from '../../functions/businesses/company-register';
import { rankCompanies } from '../../functions/businesses/fixture-register';
import { CsvError, parseCsv } from '../../functions/batches/csv';

describe('company register', () => {
  const saved = process.env.COMPANY_REGISTER;
  afterEach(() => {
    if (saved === undefined) delete process.env.COMPANY_REGISTER;
    else process.env.COMPANY_REGISTER = saved;
  });

  it('without one configured (a deployed stack), refuses with 503 rather than answer from the fixture', () => {
    for (const value of [undefined, '', 'nzbn-api']) {
      if (value === undefined) delete process.env.COMPANY_REGISTER;
      else process.env.COMPANY_REGISTER = value;
      expect(() => companyRegister()).toThrow(
        expect.objectContaining({ statusCode: 503, message: REGISTER_NOT_CONFIGURED }),
      );
    }
  });

  it('the fixture register finds companies by NZBN, and ranks a search by relevance, then by name', async () => {
    process.env.COMPANY_REGISTER = 'fixture';
    const register = companyRegister();
    expect((await register.find('9429000000116'))?.companyName).toBe('KOWHAI CAFE LIMITED');
    expect(await register.find('9429000000000')).toBeUndefined();
    const companies = [
      { nzbn: '1', companyName: 'THE TEA HOUSE LIMITED', companyNumber: '10' },
      { nzbn: '2', companyName: 'TEA LIMITED', companyNumber: '11' },
      { nzbn: '3', companyName: 'STEAM LIMITED', companyNumber: '12' },
      { nzbn: '4', companyName: 'TEAPOT LIMITED', companyNumber: '14' },
      { nzbn: '5', companyName: 'COFFEE LIMITED', companyNumber: '13' },
    ];
    expect(rankCompanies(companies, 'tea').map((c) => c.nzbn)).toEqual(['2', '4', '1', '3']);
    expect(rankCompanies(companies, '12').map((c) => c.nzbn)).toEqual(['3']);
  });
});

describe('CSV parser', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF or LF, a BOM, and skips blank lines', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n1,"two, 2","say ""hi"""\n\n"multi\nline",,\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'two, 2', 'say "hi"'],
      ['multi\nline', '', ''],
    ]);
    expect(parseCsv('a,b')).toEqual([['a', 'b']]);
  });

  it('refuses what is not CSV, naming the line', () => {
    expect(() => parseCsv('a,b\n"open,1\n')).toThrow(CsvError);
    expect(() => parseCsv('a,b\n"x"y,1\n')).toThrow('line 2: text after a closing quote');
    expect(() => parseCsv('a,b\nx"y,1\n')).toThrow('line 2: a quote inside an unquoted field');
    expect(() => parseCsv(`${'x,'.repeat(64)}x\n`)).toThrow('more than 64 columns');
    expect(() => parseCsv(`${'x'.repeat(1025)}\n`)).toThrow('longer than 1024');
  });
});
