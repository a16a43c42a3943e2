// Student's t quantile t(0.975, ν) for whole ν, from the table every
// statistics book prints, for the tests to compute intervals with.
const TABLE = [
  12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.306, 2.2622, 2.2281, 2.201, 2.1788,
  2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.093, 2.086, 2.0796, 2.0739, 2.0687, 2.0639,
  2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423, 2.0395, 2.0369, 2.0345, 2.0322, 2.0301, 2.0281,
  2.0262, 2.0244, 2.0227, 2.0211,
];

export function t_quantile(degreesOfFreedom: number): number {
  const t = TABLE[degreesOfFreedom - 1];
  if (t === undefined) throw new Error(`no table value for ${degreesOfFreedom} degrees of freedom`);
  return t;
}
