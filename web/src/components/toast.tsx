import { CircleAlert, CircleCheck } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** docs/product.md 9: a toast clears itself after this long. */
export const TOAST_DURATION_MS = 3000;

/** A button in the toast, e.g. 'Undo'; the toast closes when it is used. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

interface ToastOptions {
  action?: ToastAction;
  /** How long it stays; longer than the default for a toast that offers an action. */
  durationMs?: number;
}

interface Toast extends ToastOptions {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

type ShowToast = (kind: Toast['kind'], text: string, options?: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * One toast at a time, floating above the content (fixed, so nothing below
 * moves when it appears) and announced by a live region that is always present.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const nextId = useRef(1);

  const show = useCallback<ShowToast>((kind, text, options = {}) => {
    setToast({ id: nextId.current++, kind, text, ...options });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toast.durationMs ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-[max(1rem,env(safe-area-inset-top))] z-50 flex justify-center px-4"
      >
        {toast && <ToastBanner key={toast.id} toast={toast} onClose={() => setToast(null)} />}
      </div>
    </ToastContext.Provider>
  );
}

function ToastBanner({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const { action } = toast;
  const isError = toast.kind === 'error';
  const Icon = isError ? CircleAlert : CircleCheck;
  return (
    <div
      role={isError ? 'alert' : 'status'}
      data-testid="toast"
      className={`pointer-events-auto flex max-w-md items-start gap-2 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${
        // The same deep shades in both schemes: white text on them stays above 4.5:1.
        isError ? 'bg-red-700 text-white' : 'bg-emerald-700 text-white'
      }`}
    >
      <Icon aria-hidden="true" className="mt-px size-4 shrink-0" />
      <span>{toast.text}</span>
      {action && (
        <button
          type="button"
          className="-my-1 ml-2 min-h-8 rounded-lg px-2 font-semibold underline underline-offset-2 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
          onClick={() => {
            onClose();
            action.onClick();
          }}
        >
          {action.label}
        </button>
      )}
    </div>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs <ToastProvider>');
  return show;
}
