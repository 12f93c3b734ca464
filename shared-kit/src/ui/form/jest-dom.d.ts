// Types of the jest-dom matchers used by the kit's component tests (setup: jest/setup-dom.ts).
import '@testing-library/jest-dom';
