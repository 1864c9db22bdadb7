/** The patron-codes group's public face: what other groups may use of it. */
export { isValidBarcode } from './barcode';
export { findPatronCodeByBarcode } from './patron-code-store';
