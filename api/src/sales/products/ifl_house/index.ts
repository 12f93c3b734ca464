import { propertyModule } from '../ifl/index.js';

/** The house (ifl_house, `new-ifl_house`): the property module of products/ifl/ for a house. */
export const iflHouse = propertyModule('house');
