;; After a documented init.el: flyspell-buffer on TEXTSVCD_FILE (a large region: flyspell runs PROGRAM -l),
;; then ispell-word on the first TEXTSVCD_WORD, answering `i' (insert into the private dictionary).
;; Writes to TEXTSVCD_OUT: HUNSPELL <version Emacs detected>, FLAG BEG END WORD lines,
;; GUESSES WORD: choices offered, and with TEXTSVCD_ASK_DAEMON the daemon's learned words (LEARNED ...).
(find-file (getenv "TEXTSVCD_FILE"))
(unless (bound-and-true-p flyspell-mode) (error "flyspell-mode is not on in %s" major-mode))
(flyspell-buffer)
(let (lines)
  (push (format "HUNSPELL %s" ispell-really-hunspell) lines)
  (dolist (o (overlays-in (point-min) (point-max)))
    (when (flyspell-overlay-p o)
      (push (format "FLAG %d %d %s" (overlay-start o) (overlay-end o)
                    (buffer-substring-no-properties (overlay-start o) (overlay-end o)))
            lines)))
  (goto-char (point-min))
  (search-forward (getenv "TEXTSVCD_WORD"))
  (backward-char 1)
  (advice-add 'ispell-command-loop :before
              (lambda (miss _guess word _start _end)
                (push (format "GUESSES %s: %s" word (mapconcat #'identity miss ", ")) lines)))
  ;; The key a user would press in the choices window; save the personal dictionary without asking.
  (setq unread-command-events (list ?i))
  (setq ispell-silently-savep t)
  (ispell-word)
  (when (getenv "TEXTSVCD_ASK_DAEMON")
    (with-temp-buffer
      (call-process "textsvcd" nil t nil "call" "spell.learned")
      (push (format "LEARNED %s" (replace-regexp-in-string "\n" " " (buffer-string))) lines)))
  (with-temp-file (getenv "TEXTSVCD_OUT")
    (insert (mapconcat #'identity (nreverse lines) "\n") "\n")))
