/** The key of one IFC class of one model in the set of hidden categories (the page and CategoryPanel). */
export const classKey = (modelId: string, ifcClass: string) => `${modelId}|${ifcClass}`;
