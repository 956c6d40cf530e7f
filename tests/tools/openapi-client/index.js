import openapiTS, { astToString } from 'openapi-typescript';

/** The TypeScript types openapi-typescript writes for an OpenAPI document (`paths`, `operations`, `components`). */
export async function generateTypes(document) {
  return astToString(await openapiTS(document));
}
