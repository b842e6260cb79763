import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "../../../features/onramp/onrampLimits.js";
import type { OnrampPurchaseOption } from "../../../features/onramp/onrampOptions.js";

type TokenFieldProps = {
  id: string;
  purchase: OnrampPurchaseOption;
  purchases: OnrampPurchaseOption[];
  onChange: (assetId: string) => void;
};

/** The token to buy, one of the connected chain's purchase options. */
export function TokenField({ id, purchase, purchases, onChange }: TokenFieldProps) {
  return (
    <div className="fw-field">
      <label htmlFor={id}>Token</label>
      <select id={id} className="fw-select" value={purchase.currency.id} onChange={(e) => onChange(e.target.value)}>
        {purchases.map((o) => (
          <option key={o.currency.id} value={o.currency.id}>
            {o.currency.symbol}
            {o.currency.name && o.currency.name !== o.currency.symbol ? ` — ${o.currency.name}` : ""}
          </option>
        ))}
      </select>
    </div>
  );
}

type AmountFieldsProps = {
  ids: { amount: string; currency: string; error: string };
  amount: string;
  invalid: boolean;
  described: boolean;
  onAmountChange: (amount: string) => void;
  currency: string;
  currencies: string[];
  onCurrencyChange: (currency: string) => void;
};

/** The fiat amount and its currency, side by side. */
export function AmountFields(props: AmountFieldsProps) {
  const { ids, amount, invalid, described, onAmountChange, currency, currencies, onCurrencyChange } = props;
  return (
    <div className="fw-row">
      <div className="fw-field">
        <label htmlFor={ids.amount}>Amount</label>
        <input
          id={ids.amount}
          className="fw-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="100.00"
          value={amount}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={described ? ids.error : undefined}
          onChange={(e) => onAmountChange(e.target.value)}
        />
      </div>
      <div className="fw-field">
        <label htmlFor={ids.currency}>Currency</label>
        <select
          id={ids.currency}
          className="fw-select"
          value={currency}
          onChange={(e) => onCurrencyChange(e.target.value)}
        >
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

type PaymentMethodFieldProps = {
  name: string;
  method: PaymentMethod;
  methods: PaymentMethod[];
  onChange: (method: PaymentMethod) => void;
};

/** Card or bank transfer (the methods with a limit for the chosen currency). */
export function PaymentMethodField({ name, method, methods, onChange }: PaymentMethodFieldProps) {
  return (
    <fieldset className="fw-buy-methods">
      <legend>Payment method</legend>
      {methods.map((m) => (
        <label key={m} className="fw-radio">
          <input type="radio" name={name} value={m} checked={method === m} onChange={() => onChange(m)} />{" "}
          {PAYMENT_METHOD_LABELS[m]}
        </label>
      ))}
    </fieldset>
  );
}
