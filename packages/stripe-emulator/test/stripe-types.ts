/**
 * The objects the studio touches, as the installed `stripe` SDK types them at the API version it
 * pins: the conformance test generates JSON schemas from these aliases (`Wire<Name>`; the prefix
 * keeps them apart from the SDK's own names in the schema's definitions).
 */
import type Stripe from 'stripe';

export type WireCustomer = Stripe.Customer;
export type WirePrice = Stripe.Price;
export type WireProduct = Stripe.Product;
export type WireCheckoutSession = Stripe.Checkout.Session;
export type WireLineItem = Stripe.LineItem;
export type WireSubscription = Stripe.Subscription;
export type WireSubscriptionItem = Stripe.SubscriptionItem;
export type WireInvoice = Stripe.Invoice;
export type WireInvoiceLineItem = Stripe.InvoiceLineItem;
export type WirePaymentMethod = Stripe.PaymentMethod;
export type WireSetupIntent = Stripe.SetupIntent;
export type WireBillingPortalSession = Stripe.BillingPortal.Session;
export type WireInvoicePayment = Stripe.InvoicePayment;
export type WireRefund = Stripe.Refund;
export type WireDeletedCustomer = Stripe.DeletedCustomer;
export type WireList = Stripe.ApiList<unknown>;
export type WireCustomerCreatedEvent = Stripe.CustomerCreatedEvent;
export type WireCheckoutSessionCompletedEvent = Stripe.CheckoutSessionCompletedEvent;
export type WireCustomerSubscriptionCreatedEvent = Stripe.CustomerSubscriptionCreatedEvent;
export type WireCustomerSubscriptionUpdatedEvent = Stripe.CustomerSubscriptionUpdatedEvent;
export type WireCustomerSubscriptionDeletedEvent = Stripe.CustomerSubscriptionDeletedEvent;
export type WireInvoicePaidEvent = Stripe.InvoicePaidEvent;
export type WireInvoicePaymentFailedEvent = Stripe.InvoicePaymentFailedEvent;
export type WireCheckoutSessionExpiredEvent = Stripe.CheckoutSessionExpiredEvent;
export type WireRefundCreatedEvent = Stripe.RefundCreatedEvent;
export type WireCustomerDeletedEvent = Stripe.CustomerDeletedEvent;
