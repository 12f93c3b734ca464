// Federation self-check entry (not part of the product build): `webpack --mode production --env entry=./src/federation/verify/index.ts`.
import('./bootstrap');
