// Student's t quantile t(0.975, ν) for whole ν, from the table every
// statistics book prints, for the tests to compute intervals with.
const TABLE = [
  12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.306, 2.2622, 2.2281, 2.201, 2.1788,
  2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.093, 2.086,
];

export function t_quantile(degreesOfFreedom: number): number {
  const t = TABLE[degreesOfFreedom - 1];
  if (t === undefined) throw new Error(`no table value for ${degreesOfFreedom} degrees of freedom`);
  return t;
}
