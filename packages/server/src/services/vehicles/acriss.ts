// ACRISS car codes (four letters: category, type, transmission and drive, fuel and air conditioning).

/** Fourth letters that mean the car has air conditioning (R unspecified fuel, D diesel, H hybrid, E electric,
 * L LPG, A alternative fuel, M multi-fuel, V petrol, U ethanol); their no-air partners are N, Q, I, C, S, B,
 * F, Z and X. */
const WITH_AIR = new Set(['R', 'D', 'H', 'E', 'L', 'A', 'M', 'V', 'U']);
const WITHOUT_AIR = new Set(['N', 'Q', 'I', 'C', 'S', 'B', 'F', 'Z', 'X']);

/** Whether an ACRISS code says the car has air conditioning; `null` when the code does not say. */
export function acrissAirConditioning(code: string): boolean | null {
  const letter = code.trim().toUpperCase()[3];
  if (letter && WITH_AIR.has(letter)) return true;
  if (letter && WITHOUT_AIR.has(letter)) return false;
  return null;
}
