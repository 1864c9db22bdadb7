import { groupHandler } from '../group-lambda';
import { createPatronCode } from './create-patron-code';
import { getPatronCode, getPatronCodeByBarcode, getPatronCodeByExternalId } from './get-patron-code';
import { setPatronCodeMetadata } from './set-patron-code-metadata';

export const handler = groupHandler('patron-codes', {
  createPatronCode,
  getPatronCode,
  getPatronCodeByBarcode,
  getPatronCodeByExternalId,
  setPatronCodeMetadata,
});
