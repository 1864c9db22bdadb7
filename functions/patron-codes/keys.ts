/**
 * Keys of the patron-codes group's entities and the access patterns they serve. One table holds
 * every group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * | entity          | PK                      | SK                 | GSI1                                  | serves                                |
 * |-----------------|-------------------------|--------------------|---------------------------------------|---------------------------------------|
 * | patron code     | PATRONCODE#<id>         | PATRONCODE         |                                       | get a code                            |
 * | barcode guard   | BARCODE#<barcode>       | BARCODE            |                                       | unique barcodes; lookup by barcode    |
 * | external id guard | PATRONCODEEXT#<accountId>#<namespace>#<externalId> | PATRONCODEEXT |          | unique external ids; lookup           |
 */
export const patronCodeKey = (id: string) => ({ PK: `PATRONCODE#${id}`, SK: 'PATRONCODE' });
export const barcodeKey = (barcode: string) => ({ PK: `BARCODE#${barcode}`, SK: 'BARCODE' });
export const patronCodeExternalIdKey = (accountId: string, namespace: string, externalId: string) => ({
  PK: `PATRONCODEEXT#${accountId}#${namespace}#${externalId}`,
  SK: 'PATRONCODEEXT',
});

