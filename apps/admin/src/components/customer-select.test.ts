import { describe, expect, it } from 'vitest';
import { CUSTOMER_OPTIONS_SHOWN, matchingCustomers, type CustomerOption } from './customer-select';

const customers: CustomerOption[] = Array.from({ length: 2000 }, (_, i) => ({
  id: i + 1,
  first_name: i === 1500 ? 'Zélia' : `First${i}`,
  last_name: `Last${i}`,
  username: `customer${i + 1}`,
  email: `c${i + 1}@example.test`,
}));

describe('customer picker options', () => {
  it('draws at most the first matches of 2,000 customers, not every name', () => {
    expect(matchingCustomers(customers, '')).toHaveLength(CUSTOMER_OPTIONS_SHOWN);
    expect(matchingCustomers(customers, 'last1')).toHaveLength(CUSTOMER_OPTIONS_SHOWN);
  });

  it('finds any customer by name, username or e-mail, however far down the list', () => {
    expect(matchingCustomers(customers, 'zélia').map((c) => c.id)).toEqual([1501]);
    expect(matchingCustomers(customers, 'CUSTOMER1999').map((c) => c.id)).toEqual([1999]);
    expect(matchingCustomers(customers, 'c2000@example').map((c) => c.id)).toEqual([2000]);
    expect(matchingCustomers(customers, 'nobody')).toEqual([]);
  });
});
