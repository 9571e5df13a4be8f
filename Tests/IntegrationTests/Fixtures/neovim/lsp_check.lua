-- Drives textsvcd's language server from a real Neovim (0.7 or later) in headless mode.
--
-- Environment: TEXTSVCD_BINARY (the server), TEXTSVCD_NVIM_FILE (the document to open),
-- TEXTSVCD_NVIM_OUT (where to write the JSON results), TEXTSVCD_NVIM_ENCODING ("" for the
-- default UTF-16, or "utf-8"/"utf-32" to negotiate it).
-- Writes {ok, error?, encoding, diagnostics, raw, actions, applied, line_after, after, exit_code}.

local results = { ok = false }
local out = os.getenv('TEXTSVCD_NVIM_OUT')

local function finish()
  local file = io.open(out, 'w')
  file:write(vim.fn.json_encode(results))
  file:close()
  vim.cmd('qall!')
end

local function run()
  local binary = os.getenv('TEXTSVCD_BINARY')
  local path = os.getenv('TEXTSVCD_NVIM_FILE')
  local wanted = os.getenv('TEXTSVCD_NVIM_ENCODING') or ''
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  local raw = nil
  local config = {
    name = 'textsvcd',
    cmd = { binary, 'lsp' },
    root_dir = vim.fn.fnamemodify(path, ':h'),
    init_options = { debounceMilliseconds = 100 },
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, result, ctx, cfg)
        raw = result
        vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, cfg)
      end,
    },
    before_init = function(params, _)
      if wanted ~= '' then
        params.capabilities.general = params.capabilities.general or {}
        params.capabilities.general.positionEncodings = { wanted, 'utf-16' }
      end
    end,
    on_init = function(client, result)
      local negotiated = result.capabilities.positionEncoding or 'utf-16'
      client.offset_encoding = negotiated
      results.encoding = negotiated
    end,
    on_exit = function(code, _, _)
      results.exit_code = code
    end,
  }
  local client_id
  if vim.lsp.start then
    client_id = vim.lsp.start(config)
  else
    client_id = vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
  if not vim.wait(30000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20) then
    results.error = 'no diagnostics within 30 s'
    return
  end
  results.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(results.diagnostics, { lnum = d.lnum, col = d.col, end_col = d.end_col, message = d.message, source = d.source })
  end
  results.raw = raw.diagnostics
  -- The quick fix for the misspelling on the second line (the one after the emoji).
  local target = nil
  for _, d in ipairs(raw.diagnostics) do
    if d.range.start.line == 1 then target = d end
  end
  if target == nil then
    results.error = 'no diagnostic on line 2'
    return
  end
  local client = vim.lsp.get_client_by_id(client_id)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = target.range,
    context = { diagnostics = { target } },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 20000) or {}
  results.actions = {}
  local chosen = nil
  for _, response in pairs(responses) do
    for _, action in ipairs(response.result or {}) do
      table.insert(results.actions, action.title)
      if chosen == nil and action.edit then chosen = action end
    end
  end
  if chosen == nil then
    results.error = 'no code action with an edit'
    return
  end
  vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
  results.applied = chosen.title
  results.line_after = vim.api.nvim_buf_get_lines(bufnr, 1, 2, false)[1]
  -- After the edit (sent as an incremental change), the server re-checks and the line is clean.
  local clean = vim.wait(30000, function()
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if d.lnum == 1 then return false end
    end
    return true
  end, 20)
  results.after = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(results.after, { lnum = d.lnum, col = d.col, message = d.message })
  end
  if not clean then
    results.error = 'the fixed line still has a diagnostic'
    return
  end
  vim.lsp.stop_client(client_id)
  vim.wait(10000, function() return results.exit_code ~= nil end, 20)
  results.ok = true
end

local ok, err = pcall(run)
if not ok then results.error = tostring(err) end
finish()
