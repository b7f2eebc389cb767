/** The product's seeded generator and normal draws, shared by the tests' simulations. */
export { mulberry32, normal } from '../../src/common/statistics/seeded-random';
