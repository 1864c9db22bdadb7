import { sourceScope } from '../../functions/core/auth/rate-limit';

describe('source scope of failed authentications', () => {
  it('counts an IPv4 address as itself, also when IPv4-mapped', () => {
    expect(sourceScope('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceScope('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const scope = '2001:db8:1:2::/64';
    expect(sourceScope('2001:db8:1:2:3:4:5:6')).toBe(scope);
    expect(sourceScope('2001:0DB8:0001:0002::9')).toBe(scope);
    expect(sourceScope('2001:db8:1:2:ffff::')).toBe(scope);
    expect(sourceScope('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(sourceScope('::1')).toBe('0:0:0:0::/64');
  });

  it('puts requests without a source address in one scope', () => {
    expect(sourceScope(undefined)).toBe('unknown');
    expect(sourceScope('')).toBe('unknown');
  });
});
