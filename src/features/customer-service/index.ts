/** The customer-service feature's public file: what other features use of it (docs/architecture.md, import rules). */
export { CustomerService } from './customer-service';
