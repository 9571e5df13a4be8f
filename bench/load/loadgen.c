// Load generator for the textsvcd daemon, and the same load through `hunspell -a` pipes.
//
// N client threads each send spell-check work for realistic English
// paragraphs (about 4 KB each, built from fortune files) in a closed loop:
// one request, wait for its answer, next request. Reports requests per
// second, latency percentiles, errors, and the server's resident memory at
// the start, after a checkpoint number of requests, and at the end.
//
//   loadgen --mode daemon --socket PATH --pid PID [--guesses] [--method check|guesses]
//   loadgen --mode hunspell [--hunspell "hunspell -a -d en_US"] [--method check|guesses]
//   common: --clients 16 --requests 100000 --seconds 60 --checkpoint 10000
//           --paragraph-bytes 4096 --fortunes DIR [--typos FILE [--typo-every N]]
//
// --typos FILE (a TSV whose first column is a real misspelling, `#` lines skipped) puts those misspellings
// into the paragraphs, one in place of every Nth word of letters (5 by default: with --paragraph-bytes 3550, about 100 in 4 KB).
// --method guesses sends one misspelling a request instead of paragraphs: `spell.guesses` to the daemon,
// one word a line to hunspell -a (which suggests for it).
//
// The last line printed is machine-readable: RESULT key=value ...

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *mode = "daemon";
static const char *socket_path = NULL;
static const char *hunspell_command = "hunspell -a -d en_US";
static const char *fortunes = "/usr/share/games/fortunes";
static int clients = 16;
static long total_requests = 100000;
static double max_seconds = 60;
static long checkpoint = 10000;
static int paragraph_bytes = 4096;
static int server_pid = 0;
static int with_guesses = 0;
static const char *method = "check";
static const char *typos_path = NULL;
static int typo_every = 5;

static char **typos;             // misspellings, plain and JSON-safe (letters and apostrophes)
static int typo_count;

static char **paragraphs;        // plain text, one line each
static char **escaped;           // JSON-escaped
static int paragraph_count;

static atomic_long completed;
static atomic_long failures;
static atomic_int stop_now;
static atomic_int running_clients;
static long rss_start_kib = -1, rss_checkpoint_kib = -1, rss_end_kib = -1, rss_max_kib = -1;

typedef struct {
    int index;
    long quota;
    uint64_t *latencies;
    long count;
    char error[256];
} Client;

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

// CPU time (user + system) a process has used, in seconds.
static double cpu_seconds(int pid) {
    char path[64], data[2048];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *file = fopen(path, "r");
    if (!file) return -1;
    size_t length = fread(data, 1, sizeof data - 1, file);
    fclose(file);
    data[length] = 0;
    char *field = strrchr(data, ')');  // the command name may contain spaces
    if (!field) return -1;
    unsigned long long utime = 0, stime = 0;
    // After ")": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    if (sscanf(field + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &utime, &stime) != 2) return -1;
    return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

// Proportional set size (shared pages divided among their users), in KiB.
static long proportional_kib(int pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/smaps_rollup", pid);
    FILE *file = fopen(path, "r");
    if (!file) return -1;
    long value = -1;
    while (fgets(line, sizeof line, file)) {
        if (strncmp(line, "Pss:", 4) == 0) { value = strtol(line + 4, NULL, 10); break; }
    }
    fclose(file);
    return value;
}

static long resident_kib(int pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *file = fopen(path, "r");
    if (!file) return -1;
    long value = -1;
    while (fgets(line, sizeof line, file)) {
        if (strncmp(line, "VmRSS:", 6) == 0) { value = strtol(line + 6, NULL, 10); break; }
    }
    fclose(file);
    return value;
}

// ---- Paragraphs -------------------------------------------------------------

static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *data = malloc((size_t)size + 1);
    *length = fread(data, 1, (size_t)size, file);
    data[*length] = 0;
    fclose(file);
    return data;
}

// Appends one fortune to `out` as prose: whitespace runs become one space; art and tables are skipped.
static void append_fortune(const char *start, const char *end, char *out, size_t *used, size_t capacity) {
    size_t letters = 0, printable = 0;
    for (const char *p = start; p < end; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') letters++;
        if (c > ' ') printable++;
    }
    if (printable == 0 || letters * 10 < printable * 7) return;
    int space = *used > 0;
    for (const char *p = start; p < end && *used + 2 < capacity; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') { space = 1; continue; }
        if (c < 0x20) continue;
        if (space && *used > 0) out[(*used)++] = ' ';
        space = 0;
        out[(*used)++] = (char)c;
    }
}

static char *json_escape(const char *text) {
    size_t length = strlen(text);
    char *out = malloc(length * 6 + 1);
    size_t used = 0;
    for (const char *p = text; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '"' || c == '\\') { out[used++] = '\\'; out[used++] = (char)c; }
        else if (c < 0x20) used += (size_t)sprintf(out + used, "\\u%04x", c);
        else out[used++] = (char)c;
    }
    out[used] = 0;
    return out;
}

static void load_typos(void) {
    size_t length;
    char *data = read_file(typos_path, &length);
    if (!data) { fprintf(stderr, "loadgen: cannot read %s\n", typos_path); exit(2); }
    int capacity = 4096;
    typos = calloc((size_t)capacity, sizeof *typos);
    for (char *line = strtok(data, "\n"); line && typo_count < capacity; line = strtok(NULL, "\n")) {
        if (line[0] == '#') continue;
        char *tab = strchr(line, '\t');
        if (tab) *tab = 0;
        int plain = line[0] != 0;
        for (char *p = line; *p; p++) if (*p == '"' || *p == '\\' || (unsigned char)*p < 0x20) plain = 0;
        if (plain) typos[typo_count++] = strdup(line);
    }
    free(data);
    if (typo_count == 0) { fprintf(stderr, "loadgen: no misspellings in %s\n", typos_path); exit(2); }
}

// Puts a misspelling in place of every `typo_every`th word of letters; returns a new string.
static char *with_typos(const char *text, int *next_typo) {
    size_t capacity = strlen(text) * 2 + 64;
    char *out = malloc(capacity);
    size_t used = 0;
    int word = 0;
    const char *p = text;
    while (*p) {
        if (*p == ' ') { if (used + 1 < capacity) out[used++] = *p; p++; continue; }
        const char *end = p;
        int letters = 1;
        while (*end && *end != ' ') { if (((unsigned char)*end | 0x20) < 'a' || ((unsigned char)*end | 0x20) > 'z') letters = 0; end++; }
        const char *source = p;
        size_t source_length = (size_t)(end - p);
        if (letters && ++word % typo_every == 0) {
            source = typos[*next_typo % typo_count];
            source_length = strlen(source);
            (*next_typo)++;
        }
        if (used + source_length + 1 < capacity) { memcpy(out + used, source, source_length); used += source_length; }
        p = end;
    }
    out[used] = 0;
    return out;
}

static void build_paragraphs(void) {
    static const char *files[] = {"literature", "wisdom", "people", "science", "work", "education",
                                  "humorists", "love", "politics", "miscellaneous"};
    int capacity = 512;
    paragraphs = calloc((size_t)capacity, sizeof *paragraphs);
    size_t buffer_size = (size_t)paragraph_bytes + 4096;
    char *buffer = malloc(buffer_size);
    size_t used = 0;
    for (size_t f = 0; f < sizeof files / sizeof *files && paragraph_count < capacity; f++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", fortunes, files[f]);
        size_t length;
        char *data = read_file(path, &length);
        if (!data) continue;
        const char *start = data;
        while (start < data + length && paragraph_count < capacity) {
            const char *end = strstr(start, "\n%\n");
            if (!end) end = data + length;
            append_fortune(start, end, buffer, &used, buffer_size);
            start = end + 3;
            if (used >= (size_t)paragraph_bytes) {
                // Cut at the last space before the size, so no word is split.
                size_t cut = (size_t)paragraph_bytes;
                while (cut > 0 && buffer[cut] != ' ') cut--;
                buffer[cut] = 0;
                paragraphs[paragraph_count++] = strdup(buffer);
                used = 0;
            }
        }
        free(data);
    }
    free(buffer);
    if (paragraph_count == 0) {
        fprintf(stderr, "loadgen: no text found under %s (install the fortunes package)\n", fortunes);
        exit(2);
    }
    if (typos) {
        int next_typo = 0;
        for (int i = 0; i < paragraph_count; i++) {
            char *mixed = with_typos(paragraphs[i], &next_typo);
            free(paragraphs[i]);
            paragraphs[i] = mixed;
        }
        fprintf(stderr, "loadgen: %d misspellings from %s placed, %.0f a paragraph\n", next_typo, typos_path,
                (double)next_typo / paragraph_count);
    }
    escaped = calloc((size_t)paragraph_count, sizeof *escaped);
    for (int i = 0; i < paragraph_count; i++) escaped[i] = json_escape(paragraphs[i]);
}

// ---- Line I/O ---------------------------------------------------------------

typedef struct {
    int fd;
    char *data;
    size_t length, capacity, start;
} Reader;

// Returns the next line (without '\n', NUL-terminated, valid until the next call), or NULL at EOF/error.
static char *read_line(Reader *reader, size_t *line_length) {
    for (;;) {
        char *newline = memchr(reader->data + reader->start, '\n', reader->length - reader->start);
        if (newline) {
            char *line = reader->data + reader->start;
            *newline = 0;
            *line_length = (size_t)(newline - line);
            reader->start = (size_t)(newline - reader->data) + 1;
            return line;
        }
        if (reader->start > 0) {
            memmove(reader->data, reader->data + reader->start, reader->length - reader->start);
            reader->length -= reader->start;
            reader->start = 0;
        }
        if (reader->capacity - reader->length < 65536) {
            reader->capacity = reader->capacity * 2 + 65536;
            reader->data = realloc(reader->data, reader->capacity);
        }
        ssize_t count = read(reader->fd, reader->data + reader->length, reader->capacity - reader->length - 1);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return NULL;
        reader->length += (size_t)count;
    }
}

static int write_all(int fd, const char *data, size_t length) {
    while (length > 0) {
        ssize_t written = send(fd, data, length, MSG_NOSIGNAL);
        if (written < 0 && errno == ENOTSOCK) written = write(fd, data, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        data += written;
        length -= (size_t)written;
    }
    return 0;
}

// ---- Clients ----------------------------------------------------------------

static int guess_method = 0;

static void *run_daemon_client(void *argument) {
    Client *client = argument;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    strncpy(address.sun_path, socket_path, sizeof address.sun_path - 1);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        snprintf(client->error, sizeof client->error, "connect %s: %s", socket_path, strerror(errno));
        atomic_store(&stop_now, 1);
        return NULL;
    }
    Reader reader = {.fd = fd};
    size_t request_capacity = (size_t)paragraph_bytes * 7 + 256;
    char *request = malloc(request_capacity);
    for (long i = 0; i < client->quota && !atomic_load(&stop_now); i++) {
        int paragraph = (int)((client->index * 7919L + i) % paragraph_count);
        long id = i + 1;
        int length = guess_method
            ? snprintf(request, request_capacity,
                       "{\"jsonrpc\":\"2.0\",\"id\":%ld,\"method\":\"spell.guesses\",\"params\":{\"word\":\"%s\"}}\n",
                       id, typos[(client->index * 7919L + i) % typo_count])
            : snprintf(request, request_capacity,
                       "{\"jsonrpc\":\"2.0\",\"id\":%ld,\"method\":\"spell.check\",\"params\":{\"text\":\"%s\"%s}}\n",
                       id, escaped[paragraph], with_guesses ? ",\"guesses\":true" : "");
        uint64_t started = now_ns();
        if (write_all(fd, request, (size_t)length) != 0) {
            snprintf(client->error, sizeof client->error, "write: %s", strerror(errno));
            break;
        }
        size_t line_length;
        char *line = read_line(&reader, &line_length);
        if (!line) {
            snprintf(client->error, sizeof client->error, "the daemon closed the connection");
            break;
        }
        client->latencies[client->count++] = now_ns() - started;
        char expected[64];
        snprintf(expected, sizeof expected, "\"id\":%ld,\"result\":", id);
        if (!strstr(line, expected)) {
            if (atomic_fetch_add(&failures, 1) == 0) fprintf(stderr, "loadgen: error response: %.300s\n", line);
        }
        atomic_fetch_add(&completed, 1);
    }
    free(request);
    free(reader.data);
    close(fd);
    return NULL;
}

static void *run_hunspell_client(void *argument) {
    Client *client = argument;
    int to_child[2], from_child[2];
    // Close-on-exec, so that no other client's hunspell inherits these pipes and keeps them open.
    if (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(from_child, O_CLOEXEC) != 0) {
        snprintf(client->error, sizeof client->error, "pipe: %s", strerror(errno));
        return NULL;
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(to_child[0], 0);
        dup2(from_child[1], 1);
        close(to_child[1]);
        close(from_child[0]);
        char command[4096];
        snprintf(command, sizeof command, "exec %s", hunspell_command);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    Reader reader = {.fd = from_child[0]};
    size_t line_length;
    if (!read_line(&reader, &line_length)) {  // the version banner
        snprintf(client->error, sizeof client->error, "%s printed nothing", hunspell_command);
        atomic_store(&stop_now, 1);
        return NULL;
    }
    size_t request_capacity = (size_t)paragraph_bytes + 16;
    char *request = malloc(request_capacity);
    for (long i = 0; i < client->quota && !atomic_load(&stop_now); i++) {
        int paragraph = (int)((client->index * 7919L + i) % paragraph_count);
        // '^' makes ispell treat the line as text even when it starts with a command character.
        int length = snprintf(request, request_capacity, "^%s\n",
                              guess_method ? typos[(client->index * 7919L + i) % typo_count] : paragraphs[paragraph]);
        uint64_t started = now_ns();
        if (write_all(to_child[1], request, (size_t)length) != 0) {
            snprintf(client->error, sizeof client->error, "write to hunspell: %s", strerror(errno));
            break;
        }
        // One result line per misspelling, then an empty line.
        char *line;
        while ((line = read_line(&reader, &line_length)) && line_length > 0) {}
        if (!line) {
            snprintf(client->error, sizeof client->error, "hunspell closed its output");
            atomic_fetch_add(&failures, 1);
            break;
        }
        client->latencies[client->count++] = now_ns() - started;
        atomic_fetch_add(&completed, 1);
    }
    close(to_child[1]);
    close(from_child[0]);
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    free(request);
    free(reader.data);
    return NULL;
}

static void *run_client(void *argument) {
    if (strcmp(mode, "daemon") == 0) run_daemon_client(argument); else run_hunspell_client(argument);
    atomic_fetch_sub(&running_clients, 1);
    return NULL;
}

static void *monitor(void *argument) {
    (void)argument;
    while (!atomic_load(&stop_now)) {
        if (server_pid > 0) {
            long rss = resident_kib(server_pid);
            if (rss > rss_max_kib) rss_max_kib = rss;
            if (rss_checkpoint_kib < 0 && atomic_load(&completed) >= checkpoint) rss_checkpoint_kib = rss;
        }
        usleep(50000);
    }
    return NULL;
}

static double load_average(void) {
    double load = -1;
    FILE *file = fopen("/proc/loadavg", "r");
    if (file) {
        if (fscanf(file, "%lf", &load) != 1) load = -1;
        fclose(file);
    }
    return load;
}

static int compare(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void usage(void) {
    fprintf(stderr, "usage: loadgen --mode daemon|hunspell [--socket PATH] [--pid PID] [--guesses] [--clients N]\n"
                    "               [--requests N] [--seconds S] [--checkpoint N] [--paragraph-bytes N]\n"
                    "               [--fortunes DIR] [--hunspell COMMAND] [--method check|guesses]\n"
                    "               [--typos FILE] [--typo-every N]\n");
    exit(2);
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *option = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(option, "--guesses") == 0) { with_guesses = 1; continue; }
        if (!value) usage();
        i++;
        if (strcmp(option, "--mode") == 0) mode = value;
        else if (strcmp(option, "--socket") == 0) socket_path = value;
        else if (strcmp(option, "--pid") == 0) server_pid = atoi(value);
        else if (strcmp(option, "--clients") == 0) clients = atoi(value);
        else if (strcmp(option, "--requests") == 0) total_requests = atol(value);
        else if (strcmp(option, "--seconds") == 0) max_seconds = atof(value);
        else if (strcmp(option, "--checkpoint") == 0) checkpoint = atol(value);
        else if (strcmp(option, "--paragraph-bytes") == 0) paragraph_bytes = atoi(value);
        else if (strcmp(option, "--fortunes") == 0) fortunes = value;
        else if (strcmp(option, "--hunspell") == 0) hunspell_command = value;
        else if (strcmp(option, "--method") == 0) method = value;
        else if (strcmp(option, "--typos") == 0) typos_path = value;
        else if (strcmp(option, "--typo-every") == 0) typo_every = atoi(value);
        else usage();
    }
    int daemon_mode = strcmp(mode, "daemon") == 0;
    if ((!daemon_mode && strcmp(mode, "hunspell") != 0) || (daemon_mode && !socket_path) || clients < 1) usage();
    guess_method = strcmp(method, "guesses") == 0;
    if ((!guess_method && strcmp(method, "check") != 0) || (guess_method && !typos_path) || typo_every < 1) usage();
    signal(SIGPIPE, SIG_IGN);
    if (typos_path) load_typos();
    build_paragraphs();
    size_t total_bytes = 0;
    for (int i = 0; i < paragraph_count; i++) total_bytes += strlen(paragraphs[i]);
    fprintf(stderr, "loadgen: %d paragraphs, %zu bytes on average\n", paragraph_count, total_bytes / (size_t)paragraph_count);

    Client *all = calloc((size_t)clients, sizeof *all);
    pthread_t *threads = calloc((size_t)clients, sizeof *threads);
    double cpu_start = -1;
    if (server_pid > 0) {
        rss_start_kib = resident_kib(server_pid);
        cpu_start = cpu_seconds(server_pid);
    }
    pthread_t monitor_thread;
    pthread_create(&monitor_thread, NULL, monitor, NULL);
    uint64_t started = now_ns();
    for (int i = 0; i < clients; i++) {
        all[i].index = i;
        all[i].quota = total_requests / clients + (i < total_requests % clients);
        all[i].latencies = malloc(sizeof(uint64_t) * (size_t)(all[i].quota + 1));
        atomic_fetch_add(&running_clients, 1);
        pthread_create(&threads[i], NULL, run_client, &all[i]);
    }
    // Stop at the request count or the time limit, whichever comes first.
    while (atomic_load(&completed) < total_requests && !atomic_load(&stop_now)) {
        if ((double)(now_ns() - started) / 1e9 >= max_seconds) { atomic_store(&stop_now, 1); break; }
        if (atomic_load(&running_clients) == 0) break;
        usleep(20000);
    }
    atomic_store(&stop_now, 1);
    for (int i = 0; i < clients; i++) pthread_join(threads[i], NULL);
    double elapsed = (double)(now_ns() - started) / 1e9;
    pthread_join(monitor_thread, NULL);
    double server_cpu = -1;
    long pss_end_kib = -1;
    if (server_pid > 0) {
        rss_end_kib = resident_kib(server_pid);
        pss_end_kib = proportional_kib(server_pid);
        server_cpu = cpu_seconds(server_pid) - cpu_start;
        if (rss_checkpoint_kib < 0 && atomic_load(&completed) >= checkpoint) rss_checkpoint_kib = rss_end_kib;
    }

    long count = 0;
    for (int i = 0; i < clients; i++) count += all[i].count;
    uint64_t *latencies = malloc(sizeof(uint64_t) * (size_t)(count + 1));
    long at = 0;
    for (int i = 0; i < clients; i++) {
        memcpy(latencies + at, all[i].latencies, sizeof(uint64_t) * (size_t)all[i].count);
        at += all[i].count;
        if (all[i].error[0]) fprintf(stderr, "loadgen: client %d: %s\n", i, all[i].error);
    }
    qsort(latencies, (size_t)count, sizeof *latencies, compare);
    double p50 = count ? (double)latencies[(long)(count * 0.50)] / 1e3 : 0;
    double p99 = count ? (double)latencies[(long)(count * 0.99 < count - 1 ? count * 0.99 : count - 1)] / 1e3 : 0;
    double max = count ? (double)latencies[count - 1] / 1e3 : 0;
    int client_errors = 0;
    for (int i = 0; i < clients; i++) client_errors += all[i].error[0] != 0;
    long errors = atomic_load(&failures) + client_errors;
    const char *label = guess_method ? (daemon_mode ? "daemon-guesses" : "hunspell-a-words")
                      : daemon_mode ? (with_guesses ? "daemon+guesses" : "daemon") : "hunspell-a";
    printf("%-15s clients=%d requests=%ld errors=%ld seconds=%.2f req/s=%.0f p50=%.0fus p99=%.0fus max=%.0fus",
           label, clients, count, errors, elapsed, count / elapsed, p50, p99, max);
    if (server_pid > 0)
        printf(" rss_start=%ldKiB rss_at_%ld=%ldKiB rss_end=%ldKiB rss_max=%ldKiB server_cpu=%.0fus/request", rss_start_kib,
               checkpoint, rss_checkpoint_kib, rss_end_kib, rss_max_kib, count ? server_cpu * 1e6 / count : 0);
    printf("\nRESULT mode=%s clients=%d requests=%ld errors=%ld seconds=%.3f rps=%.1f p50_us=%.0f p99_us=%.0f max_us=%.0f "
           "rss_start_kib=%ld rss_checkpoint_kib=%ld rss_end_kib=%ld rss_max_kib=%ld checkpoint=%ld paragraphs=%d avg_bytes=%zu "
           "server_cpu_us=%.0f load=%.2f pss_end_kib=%ld typos=%d\n",
           label, clients, count, errors, elapsed, count / elapsed, p50, p99, max, rss_start_kib, rss_checkpoint_kib,
           rss_end_kib, rss_max_kib, checkpoint, paragraph_count, total_bytes / (size_t)paragraph_count,
           server_pid > 0 && count ? server_cpu * 1e6 / count : -1, load_average(), pss_end_kib, typo_count);
    return errors > 0 ? 1 : 0;
}
