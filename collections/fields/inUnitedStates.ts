/** Whether a venue's country (free text) names the United States, whose regions are states. */
export function inUnitedStates(country: unknown): boolean {
  return typeof country === 'string' && /^\s*(united states( of america)?|u\.?s\.?(a\.?)?)\s*$/i.test(country)
}
