// Types of the jest-dom matchers used by the component tests (setup: jest/setup-dom.ts).
import '@testing-library/jest-dom';
