/** The TypeScript types openapi-typescript writes for an OpenAPI document (`paths`, `operations`, `components`). */
export declare function generateTypes(document: object): Promise<string>;
