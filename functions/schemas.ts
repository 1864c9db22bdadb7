/**
 * The schema map: every group's JSON Schemas by id, used by the route table, the generated
 * validators and the OpenAPI document. Types come from these objects (json-schema-to-ts).
 */
import { errorBody } from '../schemas/common';
import { assembled } from './registry';

/** `Error` is the body every error answers with, whichever group's route. */
export const SCHEMAS = { Error: errorBody, ...assembled('schemas') } as const;

export type SchemaId = keyof typeof SCHEMAS;
